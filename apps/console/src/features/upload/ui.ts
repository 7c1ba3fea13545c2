// What the shell and other features show of uploads: the upload panel and the drop area.
export { UploadDropzone } from './components/UploadDropzone';
export { UploadHost } from './components/UploadHost';
