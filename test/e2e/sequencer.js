/**
 * The order the end-to-end tests start in, two at a time (jest.e2e.config.js): the longest first,
 * so that the stage does not wait for it at the end. Started largest file first (jest's order
 * without earlier timings), the browser ran after the MCP desks: 510 s in all on a fresh 2-core
 * machine. Started first, beside the server and the compatibility test: 499 s, the browser itself
 * 488 s. The stage is CPU-bound either way (the machine 86 to 99 % busy).
 */
const { orderedSequencer } = require('../support/orderedSequencer');

module.exports = orderedSequencer(['browser', 'server', 'mcp'], '.e2e.ts');
