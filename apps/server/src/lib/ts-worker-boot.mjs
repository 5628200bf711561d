// A worker's first file when the server runs from TypeScript source: tsx's loader, then the worker.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
