package org.sextant.mcp.tools;

/** What a handler gets: its checked arguments, the launcher's shared parts and where to report progress. */
record Call(Arguments args, ToolContext context, Progress progress) {}
