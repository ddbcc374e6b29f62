/** The contact page's form. */
export { ContactForm } from './contact-form';
