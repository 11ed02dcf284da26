export { EmptyText, LoadError, Loading } from './query-states';
