/** The landing page's sections. */
export { ContactBand } from './contact-band';
export { FeatureCards } from './feature-cards';
export { Hero } from './hero';
