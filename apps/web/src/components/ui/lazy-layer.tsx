import { cloneElement, useEffect, useState, useSyncExternalStore, type ComponentProps, type DOMAttributes, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import type * as DropdownMenuModule from './dropdown-menu';

/**
 * Code a screen only runs on a user's action loads on that action (docs/decisions/013-first-screen-loads-fast.md):
 * a menu, popover, dialog, sheet or tooltip and, with them, Radix's positioning, focus-trap and
 * scroll-lock layers. `lazyLayer(() => import('./dropdown-menu'))` names such a module; it loads on
 * the first hover or focus of a trigger that may open it, and a component renders it once it is used.
 */
export interface LazyLayer<M> {
  /** Starts loading (once); a failed load is tried again on the next call. */
  load: () => Promise<M>;
  /** The module once loaded. */
  current: () => M | undefined;
  subscribe: (listener: () => void) => () => void;
}

export function lazyLayer<M>(importer: () => Promise<M>): LazyLayer<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  return {
    load: () =>
      (loading ??= importer().then(
        (loaded) => {
          module = loaded;
          listeners.forEach((listener) => listener());
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    current: () => module,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Loads the layer ahead of use (hover, focus); a failure is left to the use itself. */
export const preloadLayer = (layer: LazyLayer<unknown>) => void layer.load().catch(() => {});

/** Handlers that load the layer when a pointer enters or focus reaches its trigger. */
export const preloadProps = (layer: LazyLayer<unknown>) => ({ onPointerEnter: () => preloadLayer(layer), onFocus: () => preloadLayer(layer) });

/**
 * The layer's module once `wanted` has been true (it is remembered): loading starts then, and the
 * component renders the layer when it has loaded; until then it renders its plain trigger.
 */
export function useLayer<M>(layer: LazyLayer<M>, wanted: boolean): M | undefined {
  const [used, setUsed] = useState(wanted);
  if (wanted && !used) setUsed(true);
  const module = useSyncExternalStore(layer.subscribe, layer.current, layer.current);
  // A failed load leaves the plain trigger; its next hover, focus or click tries again.
  useEffect(() => {
    if (used) preloadLayer(layer);
  }, [layer, used]);
  return used ? module : undefined;
}

/** How a layer was first opened: a keyboard opening puts the focus on the first item, as Radix does. */
export type Opener = 'pointer' | 'keyboard';

const MENU_KEYS = ['Enter', ' ', 'ArrowDown'];

type TriggerHandlers = Pick<DOMAttributes<HTMLElement>, 'onPointerEnter' | 'onPointerLeave' | 'onPointerDown' | 'onFocus' | 'onClick' | 'onKeyDown'>;

/** `element` with `handlers` run after its own. */
export function withHandlers(element: ReactElement, handlers: TriggerHandlers, extra: Record<string, unknown> = {}) {
  const own = element.props as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...extra };
  for (const [name, handler] of Object.entries(handlers) as [keyof TriggerHandlers, (event: never) => void][]) {
    const first = own[name] as ((event: never) => void) | undefined;
    merged[name] = (event: never) => {
      first?.(event);
      handler(event);
    };
  }
  return cloneElement(element, merged);
}

/**
 * A trigger that opens a lazy layer (`popup`: what it opens, as Radix's trigger says): until its
 * first use it is `trigger` itself — hover or focus loads the layer; a click (for a menu also
 * Enter, Space or ArrowDown, as Radix's menu trigger) opens it. Once used and loaded, `module` is
 * set and the caller renders the real layer around `trigger`, open at once.
 */
export function useLayerTrigger<M>(
  layer: LazyLayer<M>,
  trigger: ReactElement,
  popup: 'menu' | 'dialog',
  /** For a layer whose open state the caller holds: the first use opens it. */
  onOpen?: () => void,
) {
  const [opened, setOpened] = useState<Opener | null>(null);
  const module = useLayer(layer, opened !== null);
  const open = (how: Opener) => {
    preloadLayer(layer);
    onOpen?.();
    setOpened((before) => before ?? how);
  };
  const placeholder = withHandlers(
    trigger,
    {
      ...preloadProps(layer),
      // A click from the keyboard (Enter or Space on a button) has no pointer detail.
      onClick: (event) => open(event.detail === 0 ? 'keyboard' : 'pointer'),
      ...(popup === 'menu'
        ? {
            onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
              if (!MENU_KEYS.includes(event.key)) return;
              event.preventDefault();
              open('keyboard');
            },
          }
        : {}),
    },
    { 'aria-haspopup': popup, 'aria-expanded': false },
  );
  return { module, opened, placeholder };
}

const menuLayer = lazyLayer(() => import('./dropdown-menu'));
type MenuModule = typeof DropdownMenuModule;

/**
 * A dropdown menu whose code loads on first use: `trigger` (a button) renders at
 * once; its first click, Enter, Space or ArrowDown opens the menu as soon as it has loaded, the
 * keyboard ones with the focus on the first item. `children` gets the menu's parts:
 * `{(m) => <m.DropdownMenuItem onSelect={…}>Trip History</m.DropdownMenuItem>}`.
 */
export function Menu({
  trigger,
  children,
  ...content
}: {
  trigger: ReactElement;
  children: (m: MenuModule) => ReactNode;
} & Omit<ComponentProps<MenuModule['DropdownMenuContent']>, 'children'>) {
  const { module: m, opened, placeholder } = useLayerTrigger(menuLayer, trigger, 'menu');
  if (!m) return placeholder;
  return (
    <m.DropdownMenu defaultOpen>
      <m.DropdownMenuTrigger asChild>{trigger}</m.DropdownMenuTrigger>
      <m.DropdownMenuContent {...content} {...(opened === 'keyboard' ? focusFirstItem : {})}>
        {children(m)}
      </m.DropdownMenuContent>
    </m.DropdownMenu>
  );
}

/**
 * Radix focuses a menu's first item when its own trigger saw the key that opened it; this menu
 * mounted after that key, so it does the same. (Radix's menu content takes onOpenAutoFocus
 * without declaring it.)
 */
const focusFirstItem = {
  onOpenAutoFocus: (event: Event) => {
    const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])');
    if (!first) return;
    event.preventDefault();
    first.focus();
  },
} as object;
