import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type * as SonnerModule from 'sonner';
import type { ResolvedTheme } from '@/lib/theme';
import { TOAST_PLACEMENT } from './toast-placement';

/**
 * The app's toasts (docs/decisions/013-first-screen-loads-fast.md, toasts on first use): `toast` has
 * sonner's call surface, but sonner itself loads with the first toast, not with every screen. Calls
 * made before `<Toasts />` has mounted sonner's Toaster wait in a queue and are shown in order once it
 * listens; the only module that imports sonner (an ESLint rule says so).
 */

type ToastId = string | number;
type ToastOptions = SonnerModule.ExternalToast;
type Kind = 'message' | 'success' | 'info' | 'warning' | 'error';
interface QueuedToast {
  kind: Kind;
  message: ReactNode;
  data: ToastOptions & { id: ToastId };
}
type Sonner = typeof SonnerModule;

let sonner: Sonner | undefined;
let loading: Promise<void> | undefined;
/** A Toaster has mounted and listens: calls go straight to sonner. */
let listening = false;
let queue: QueuedToast[] = [];
let lastId = 0;
const onLoaded = new Set<() => void>();

function load(): void {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      onLoaded.forEach((notify) => notify());
    },
    // Not loaded (offline, or a new release replaced the file): the queued toasts wait for the next try.
    () => {
      loading = undefined;
    },
  );
}

function show(kind: Kind, message: ReactNode, data?: ToastOptions): ToastId {
  // Every toast gets its id here, so the caller can replace or dismiss it before sonner has loaded.
  const id = data?.id ?? `toast-${++lastId}`;
  const call: QueuedToast = { kind, message, data: { ...data, id } };
  if (listening && sonner) sonner.toast[call.kind](call.message, call.data);
  else {
    queue.push(call);
    load();
  }
  return id;
}

export const toast = Object.assign((message: ReactNode, data?: ToastOptions) => show('message', message, data), {
  message: (message: ReactNode, data?: ToastOptions) => show('message', message, data),
  success: (message: ReactNode, data?: ToastOptions) => show('success', message, data),
  info: (message: ReactNode, data?: ToastOptions) => show('info', message, data),
  warning: (message: ReactNode, data?: ToastOptions) => show('warning', message, data),
  error: (message: ReactNode, data?: ToastOptions) => show('error', message, data),
  /** Dismisses the toast with this id, or every toast. Does not load sonner: a queued toast is just dropped. */
  dismiss: (id?: ToastId): void => {
    if (listening && sonner) sonner.toast.dismiss(id);
    else queue = id === undefined ? [] : queue.filter((queued) => queued.data.id !== id);
  },
});

function subscribe(notify: () => void): () => void {
  onLoaded.add(notify);
  return () => onLoaded.delete(notify);
}

/**
 * Where toasts appear, for the root layout; sonner's Toaster mounts in it with the first toast. The
 * region is there from the start so a toast stays usable over a modal dialog or drawer, even when it is
 * the first toast and the dialog opened before it: Radix hides everything outside an open modal from
 * assistive technology except `aria-live` regions (the aria-hidden library's rule) and turns pointer
 * events off on the page. `aria-live="off"` keeps this region out of that hiding without announcing
 * anything itself (sonner's own region inside announces the toasts), and `pointer-events: auto` lets
 * its buttons (Undo, Reload) be clicked; the dialogs ignore clicks on toasts (`isToastEvent`).
 */
export function Toasts({ theme }: { theme?: ResolvedTheme }) {
  const loaded = useSyncExternalStore(subscribe, () => sonner);
  return (
    <div data-slot="toasts" aria-live="off" style={{ pointerEvents: 'auto' }}>
      {loaded && <LoadedToaster Toaster={loaded.Toaster} theme={theme} />}
    </div>
  );
}

/** Whether a dialog's outside interaction happened on a toast: a modal stays open when a toast's button is used. */
export function isToastEvent(event: Event): boolean {
  return event.target instanceof Element && event.target.closest('[data-slot="toasts"]') !== null;
}

function LoadedToaster({ Toaster, theme }: { Toaster: Sonner['Toaster']; theme?: ResolvedTheme }) {
  // A parent's effect runs after its children's: sonner's Toaster subscribed already and shows what is sent now.
  useEffect(() => {
    listening = true;
    const queued = queue;
    queue = [];
    queued.forEach((call) => sonner?.toast[call.kind](call.message, call.data));
  }, []);
  return <Toaster richColors theme={theme} closeButton position={TOAST_PLACEMENT.position} offset={TOAST_PLACEMENT.offset} style={TOAST_PLACEMENT.style} />;
}
