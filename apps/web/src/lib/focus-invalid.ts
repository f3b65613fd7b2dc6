/** How long after a submit a field may still turn invalid (the server's field errors). */
const WATCH_MS = 10_000;
// Mantine's PasswordInput flags its field with data-invalid only.
const INVALID = '[aria-invalid="true"], input[data-invalid="true"]';

function focusFirst(form: HTMLFormElement): boolean {
  const active = document.activeElement;
  if (active instanceof Element && active.matches(INVALID) && form.contains(active)) return true;
  const first = form.querySelector<HTMLElement>(INVALID);
  if (!first) return false;
  first.focus({ preventScroll: true });
  first.scrollIntoView({ block: 'center', behavior: 'smooth' });
  return true;
}

/**
 * Every form of the portal: when a submit leaves fields in error (checked in the browser at once,
 * or answered by the server a moment later), focus moves to the first of them, scrolled into view,
 * so keyboard and screen-reader users land on what needs fixing. Installed once for the document
 * instead of in each form.
 */
export function installFocusFirstInvalid(doc: Document = document): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    // The form's own handler renders its errors after this event.
    requestAnimationFrame(() => {
      if (focusFirst(form)) return;
      // Waiting for the server's field errors must never pull focus away from someone who has
      // already moved on: once they focus or type anywhere, the watch ends.
      const stop = () => {
        observer.disconnect();
        doc.removeEventListener('focusin', stop, true);
        doc.removeEventListener('input', stop, true);
      };
      const observer = new MutationObserver(() => {
        if (focusFirst(form)) stop();
      });
      observer.observe(form, { attributes: true, attributeFilter: ['aria-invalid', 'data-invalid'], subtree: true });
      doc.addEventListener('focusin', stop, true);
      doc.addEventListener('input', stop, true);
      setTimeout(stop, WATCH_MS);
    });
  };
  doc.addEventListener('submit', onSubmit);
  return () => doc.removeEventListener('submit', onSubmit);
}
