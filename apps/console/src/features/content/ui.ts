// What other features show of the content library: its thumbnails and states, the
// detach-and-delete dialog, and the library page itself (the templates page extends it).
export { deleteOfferingDetach } from './components/in-use-dialog';
export { ApprovalTag, ContentThumb, isUsable, StateTag, UnusableTag } from './components/labels';
export { PreviewModal } from './components/PreviewModal';
export { ContentLibraryPage, type LibraryExtension } from './pages/ContentLibraryPage';
