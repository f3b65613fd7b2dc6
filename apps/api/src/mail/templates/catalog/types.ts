import type { MessageKind } from '@vault/contract';

/**
 * The texts of one language, as ICU messages (intl-messageformat). A blank line in an opening text
 * starts a new paragraph; a paragraph that is only `{link}` is drawn as the message's button.
 */
export interface KindTexts {
  subject: string;
  intro: string;
  /** The button's label, for kinds that carry a link. */
  action?: string;
  /** Fixed lines under the opening text; `needs: 'expiry'` lines show only when there is an expiry. */
  details?: Array<string | { text: string; needs: 'expiry' }>;
  /**
   * A notice to someone who manages the portal, not a message they may not have expected: it does
   * not end with the "you can ignore it" line.
   */
  notice?: true;
}

export interface Catalog {
  greetingNamed: string;
  greeting: string;
  linkFallback: string;
  ignore: string;
  footer: string;
  kinds: Record<MessageKind, KindTexts>;
}
