export { sendFiles, type SendFilesOptions, type UploadFields } from './send-files';
export { UploadButton, type PreviewUploadButtonProps, type SendingUploadButtonProps, type UploadButtonProps } from './upload-button';
export { maxUploadBytes, splitBySize, type RefusedFile, type UploadSettings } from './upload-limits';
export { PickFilesButton, type PickFilesButtonProps } from './pick-files-button';
export { FileChooser, SendProgress, type FileChooserProps } from './file-chooser';
export { sendFailureText, useFileSend, type SendIo } from './use-file-send';
