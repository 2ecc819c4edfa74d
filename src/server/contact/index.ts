// The contact form's public face: other forms that visitors may send (a message to a church) check the same
// human token and hidden field.
export { HONEYPOT_MESSAGE, HUMAN_CHECK_MESSAGES, requireHuman, spendHumanToken } from './service';
