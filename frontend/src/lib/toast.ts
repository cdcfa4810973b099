/**
 * A tiny toast store (seed §9): success 2000 ms, error 4000 ms, at most 20 on screen. Kept outside React
 * so that non-component code (logout, the refreshing fetcher) can raise a toast too.
 */
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

export const TOAST_LIMIT = 20;
export const TOAST_DURATION: Record<ToastKind, number> = { success: 2000, error: 4000, info: 2000 };

type Listener = () => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const before = toasts.length;
  toasts = toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

function push(kind: ToastKind, message: string, duration?: number): number {
  const id = nextId++;
  const toast: Toast = { id, kind, message, duration: duration ?? TOAST_DURATION[kind] };
  toasts = [...toasts, toast];
  while (toasts.length > TOAST_LIMIT) {
    const oldest = toasts[0];
    dismissToast(oldest.id);
  }
  timers.set(id, setTimeout(() => dismissToast(id), toast.duration));
  emit();
  return id;
}

export const toast = {
  success: (message: string, duration?: number) => push('success', message, duration),
  error: (message: string, duration?: number) => push('error', message, duration),
  info: (message: string, duration?: number) => push('info', message, duration),
};

export function getToasts(): Toast[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests. */
export function clearToasts(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  toasts = [];
  emit();
}
