/** The wall editor's address: a wall's, 0 for a new one. */
export const wallPath = (id: number) => `/device/video-wall/${id}`;
/** The walls' list. */
export const WALL_LIST_PATH = '/device/video-wall-list';
