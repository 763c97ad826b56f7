/** A person as the service embeds one (a provider, a manager, a contact): any of these may be missing. */
export interface NamedPerson {
  first_name?: unknown;
  last_name?: unknown;
  name?: unknown;
}

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** First and last name, else the one `name`; undefined when the service sent neither. */
export function personName(person: NamedPerson | null | undefined): string | undefined {
  const name = [person?.first_name, person?.last_name].filter(text).join(' ');
  if (name !== '') return name;
  return text(person?.name) ? person.name : undefined;
}
