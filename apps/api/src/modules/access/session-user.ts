/** Who is calling: what every access check needs. */
export type SessionUser = {
  id: number;
  companyId: number;
  role: number;
  name: string;
  email: string;
  /** The company's time zone (IANA name): the calendar day of its due dates and mails. */
  timeZone: string;
};

/** The brokerage itself, acting through the broker API, the command line or the demo seed: no portal user. */
export type Broker = { kind: 'broker' };

export const BROKER: Broker = { kind: 'broker' };

/** Who makes a change: a portal user, or the brokerage. */
export type Actor = SessionUser | Broker;

export function isBroker(actor: Actor): actor is Broker {
  return 'kind' in actor && actor.kind === 'broker';
}
