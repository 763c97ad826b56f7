/**
 * Brings a section of the order's panel to the top of the panel's body, moving only the body:
 * scrollIntoView would move every scrolling ancestor, the app's frame too. The section nav and the
 * palette's "Show the history" both go to a section this way.
 */
export function scrollToSection(body: HTMLElement, section: HTMLElement): void {
  body.scrollTop += section.getBoundingClientRect().top - body.getBoundingClientRect().top;
}
