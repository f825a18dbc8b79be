/**
 * The signed-in person on whose behalf a back-office write runs. Every admin write function takes one, so the
 * change history can record who changed what inside the same transaction.
 */
export interface Actor {
  id: string;
  email: string;
  fullName: string | null;
  /** The address the request came from, as the throttles count it (the activity log's "address"). */
  ip?: string | null;
}

/** The name a record keeps of who did something: the person's name, else their email address. */
export const actorName = (actor: Pick<Actor, "email" | "fullName">) => actor.fullName ?? actor.email;
