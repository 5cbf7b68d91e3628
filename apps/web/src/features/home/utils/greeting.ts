import { TEXTS } from '@clearport/contract/texts';

/** Spec section 2, Home: before 12 Good morning, before 18 Good afternoon, otherwise Good evening. */
export function greetingFor(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return TEXTS.greetingMorning;
  if (hour < 18) return TEXTS.greetingAfternoon;
  return TEXTS.greetingEvening;
}

/** The greeting followed by the user's name, or User when none is known. */
export function greetingWithName(name: string | undefined, now: Date = new Date()): string {
  return `${greetingFor(now)}, ${name?.trim() || TEXTS.greetingFallbackName}`;
}
