// What other features show of the program (what a screen plays): its preview.
export { ProgramPreview } from './ProgramPreview';
