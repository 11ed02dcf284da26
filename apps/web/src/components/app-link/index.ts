export { AppLink } from './app-link';
