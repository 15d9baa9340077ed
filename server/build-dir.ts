import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project folder. */
export const projectRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)))

/** The production build the server serves (`BUILD_DIR`, relative to the project, or `build`). */
export const buildDir = path.resolve(projectRoot, process.env.BUILD_DIR || 'build')
