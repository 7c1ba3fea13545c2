// What other features show of templates: an H5 content in its frame.
export { H5Frame } from './components/H5Frame';
