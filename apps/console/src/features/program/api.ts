// What other features use of the program (what a screen plays): its preview.
export { ProgramPreview } from './ProgramPreview';
