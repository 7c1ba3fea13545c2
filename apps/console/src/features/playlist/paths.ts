// Where the playlist pages live (spec 000 §2).
export const PLAYLIST_LIST_PATH = '/content/play-list';
export const PLAYLIST_ADD_PATH = `${PLAYLIST_LIST_PATH}/add`;
export const playlistPath = (id: number) => `${PLAYLIST_LIST_PATH}/${id}`;
