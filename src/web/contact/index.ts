// The contact form's public face: other pages that take a message from visitors (a church's) use the same form.
export { ContactForm } from './contact-form';
