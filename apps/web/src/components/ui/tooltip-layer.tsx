import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Radix's tooltip delay of this product: a name shows 200 ms after the pointer rests on its item. */
const DELAY_MS = 200;

/**
 * The Radix tooltip behind `Tooltip` (tooltip.tsx), loaded on the first hover or focus of a trigger.
 * `startOpen`: the trigger was hovered or focused while this loaded — it opens at once (a focused
 * trigger gets its focus back), and a pointer that has left meanwhile closes it.
 */
export default function TooltipLayer({
  label,
  side,
  align,
  hidden,
  startOpen,
  children,
}: {
  label: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left' | undefined;
  align?: 'start' | 'center' | 'end' | undefined;
  hidden: boolean;
  startOpen: 'hover' | 'focus' | null;
  children: ReactElement;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(startOpen === 'hover');
  useEffect(() => {
    if (startOpen === 'focus') triggerRef.current?.focus();
    if (startOpen !== 'hover') return;
    // The pointer entered the trigger this replaced: the first move outside it closes the tooltip.
    const onMove = (event: PointerEvent) => {
      if (!triggerRef.current?.contains(event.target as Node)) setOpen(false);
      document.removeEventListener('pointermove', onMove);
    };
    document.addEventListener('pointermove', onMove);
    return () => document.removeEventListener('pointermove', onMove);
  }, [startOpen]);
  return (
    <TooltipPrimitive.Provider delayDuration={DELAY_MS}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger asChild ref={triggerRef}>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            data-slot="tooltip-content"
            side={side}
            align={align}
            hidden={hidden}
            sideOffset={6}
            // A long label wraps and stays on screen (a phone is 390 px wide): never past the viewport.
            collisionPadding={8}
            className={cn(
              'z-50 max-w-[min(24rem,calc(100vw-1rem))] rounded-md bg-primary px-2 py-1 text-xs text-primary-foreground shadow-md',
              'data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in data-[state=closed]:animate-fade-out',
            )}
          >
            {label}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
