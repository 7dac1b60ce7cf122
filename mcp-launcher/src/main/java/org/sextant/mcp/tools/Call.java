package org.sextant.mcp.tools;

/** What a handler gets: its checked arguments and the launcher's shared parts. */
record Call(Arguments args, ToolContext context) {}
