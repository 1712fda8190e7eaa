/**
 * The order the end-to-end tests start in, two at a time (jest.e2e.config.js): the longest first.
 * Measured on a fresh 2-core machine beside the compatibility test: the browser 327 s, the server
 * 259 s, the MCP desks 183 s. Started largest file first (jest's order without earlier timings),
 * the browser ran after the MCP desks: 510 s in all instead of about 440.
 */
const { orderedSequencer } = require('../support/orderedSequencer');

module.exports = orderedSequencer(['browser', 'server', 'mcp'], '.e2e.ts');
