/** Types of msi-project-created.mjs, for the TypeScript tests that call it as electron-builder does. */
export default function msiProjectCreated(projectFile: string): Promise<void>;
