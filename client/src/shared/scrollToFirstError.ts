/**
 * After a refused submit: the first field in error comes into view and takes focus, wherever the form
 * was scrolled to (on a phone an empty New Job form otherwise shows no error at all).
 */
export function scrollToFirstError(): void {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}
