package org.sextant.mcp.tools;

import java.util.List;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.gates.PilotGate;
import org.sextant.mcp.gates.RunsGate;
import org.sextant.mcp.tables.TableStore;

/** The launcher's shared parts, built once per process. */
public record ToolContext(LauncherHome home, AppClient app, TableStore tables, RunsGate runsGate,
                          PilotGate pilotGate, List<LauncherTool> tools) {}
