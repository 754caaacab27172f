// Where focus goes after a refused submission: the first field to fix. A result modal hands focus
// back here when it closes (the form is inert while the modal is open).
export function firstInvalidControl(form: HTMLFormElement | null): HTMLElement | null {
  return form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
}
