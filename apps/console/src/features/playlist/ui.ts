// What other features show of playlists: an item's picture and the sortable item list.
export { ItemThumb } from './components/ItemThumb';
export { SortableList, SortableRow } from './components/SortableItems';
