export { EntityForm, type EntityFormProps } from './entity-form';
