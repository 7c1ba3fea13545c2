// What the shell and other features show of workspaces: the top bar's selector and the tree field.
export { WorkspaceSelector } from './components/WorkspaceSelector';
export { WorkspaceTreeSelect } from './components/WorkspaceTreeSelect';
