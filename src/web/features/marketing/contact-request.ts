/** Why a visitor wants to reach sales: picks the dialog's title and the email's subject. */
export type ContactIntent = 'demo' | 'sales' | 'quote';

export interface ContactRequest {
  intent: ContactIntent;
  /** Pre-filled message, e.g. the calculator's configuration for a custom quote. */
  message?: string;
}
