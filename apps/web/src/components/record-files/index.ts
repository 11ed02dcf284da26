export {
  recordFilesKey,
  uploadAttachment,
  uploadPath,
  useFilesChanged,
  useRefreshOnFileCompleted,
  withResourceToken,
  type RecordTag,
} from './api';
export { PhotoViewer, type PhotoViewerProps, type ViewerPhoto } from './photo-viewer';
export { RecordDocuments, type RecordDocumentsProps } from './record-documents';
export { RecordFiles, type RecordFilesProps } from './record-files';
export { RecordPhotos, type RecordPhotosProps } from './record-photos';
export { TypeFilter, type TypeFilterProps } from './type-filter';
export { UploadAttachmentDialog, type UploadAttachmentDialogProps } from './upload-attachment-dialog';
export { FileActionButtons, fileActionsColumn } from './file-actions-column';
export { useFileActions, type FileActions, type FileRef } from './use-file-actions';
export { DOC_KEYWORD_PARAM, PHOTO_KEYWORD_PARAM, useKeywordParam } from './use-keyword-param';
