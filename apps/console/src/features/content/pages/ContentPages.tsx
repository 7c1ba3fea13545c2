import { ContentType, type LibraryContentType } from '@vitrine/contract';
import { ContentLibraryPage } from './ContentLibraryPage';

// The route table's pages: the one library page, each for its content type. A page of its own
// per route means a new page (fresh selection and dialogs) when the route changes.
const libraryOf = (type: LibraryContentType) => {
  const Page = () => <ContentLibraryPage type={type} />;
  return Page;
};

export const ImageLibraryPage = libraryOf(ContentType.image);
export const VideoLibraryPage = libraryOf(ContentType.video);
export const DocumentLibraryPage = libraryOf(ContentType.document);
export const MusicLibraryPage = libraryOf(ContentType.music);
export const WebsiteLibraryPage = libraryOf(ContentType.website);
export const StreamLibraryPage = libraryOf(ContentType.stream);
