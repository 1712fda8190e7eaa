/** `n8n-workflow` in the mutation run: the worker's one copy (./environment.js). */
module.exports = globalThis.__n8nWorkflowOfTheWorker;
