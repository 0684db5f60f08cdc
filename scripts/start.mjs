// `npm start`: build what is not built yet, then run the server (settings: README).
import { pathToFileURL } from 'node:url'
import { buildIfNeeded, serverEntry } from './build-if-needed.mjs'

buildIfNeeded()
await import(pathToFileURL(serverEntry).href)
