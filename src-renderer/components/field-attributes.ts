/** What a field with a problem carries: marked invalid, and described by the problem's words. */
export function problemAttributes(message: string | undefined, id: string): { 'aria-invalid'?: 'true'; 'aria-describedby'?: string } {
  return message ? { 'aria-invalid': 'true', 'aria-describedby': id } : {};
}
