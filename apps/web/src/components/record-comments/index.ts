export { RecordComments, type RecordCommentsProps } from './record-comments';
