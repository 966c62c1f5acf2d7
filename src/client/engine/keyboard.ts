// Keyboard shortcuts of every screen, generated and hand-written alike: Ctrl/Cmd+S saves the form
// being filled in (the one holding the focus, else the only one on screen), and `/` (when not
// typing) puts the cursor in the list's search box, else the header's patient search. Esc closes
// drawers and dialogs already (antd).
import { useEffect } from 'react';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** The form a save shortcut means: the focused one, else the only visible one. */
export function formToSave(doc: Document): HTMLFormElement | null {
  const focused = doc.activeElement?.closest('form');
  if (focused) return focused;
  const visible = [...doc.querySelectorAll('form')].filter((f) => f.offsetParent !== null && f.querySelector('button[type="submit"]'));
  return visible.length === 1 ? visible[0] : null;
}

function searchBox(doc: Document): HTMLInputElement | null {
  for (const id of ['list-search', 'patient-search']) {
    const el = doc.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    const input = el?.matches('input') ? (el as HTMLInputElement) : el?.querySelector('input');
    if (input && input.offsetParent !== null) return input;
  }
  return null;
}

export function onShortcut(event: KeyboardEvent): void {
  const doc = (event.target as Node | null)?.ownerDocument ?? document;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
    // Never the browser's "save page": on a screen without a form the shortcut does nothing.
    event.preventDefault();
    const form = formToSave(doc);
    // requestSubmit runs the form's validation and submit handler as the Save button would.
    form?.requestSubmit();
    return;
  }
  if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target)) {
    const box = searchBox(doc);
    if (!box) return;
    event.preventDefault();
    box.focus();
  }
}

export function useKeyboardShortcuts(): void {
  useEffect(() => {
    window.addEventListener('keydown', onShortcut);
    return () => window.removeEventListener('keydown', onShortcut);
  }, []);
}
