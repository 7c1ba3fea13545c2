// The video-wall pages the device area's menu shows (features/device/routes.tsx loads them lazily),
// and the wall's preview the schedule editor shows.

export { WallPreview } from './components/WallPreview';
export { VideoWallEditorPage } from './pages/VideoWallEditorPage';
export { VideoWallListPage } from './pages/VideoWallListPage';
