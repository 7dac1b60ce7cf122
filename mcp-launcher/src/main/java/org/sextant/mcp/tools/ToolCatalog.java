package org.sextant.mcp.tools;

import java.util.List;

/**
 * Every tool the launcher serves, classified by hand. This list is the classification the
 * self-test and the tools table in docs/mcp.md are checked against: a tool not listed here is
 * not served.
 */
public final class ToolCatalog {
    public static final List<LauncherTool> ALL = List.of(
            // core
            new GetServerInfo(),
            new NegotiateContract(),
            new HealthCheck(),
            new GetToolManifest(),
            new FocusCategory(),
            new ShowAllTools(),
            // data
            new ListSymbols(),
            new GetClosePrice(),
            new GetDbSchema(),
            new RunSelect(),
            new ImportPrices(),
            new GatherTickers(),
            new RefreshTickers(),
            new DeletePrices(),
            new ListDeletedPrices(),
            new SetTradingSession(),
            // jobs
            new RefreshJobStart(),
            new ListJobs(),
            new RefreshJobStatus(),
            new StrategyBacktestStatus(),
            new CancelJob(),
            // research
            new ListNodeCatalogue(),
            new ComposeGraph(),
            new StrategyBacktestGraph(),
            new GetSessionRegistry(),
            new ListRuns(),
            new GetRun(),
            new ExportReport(),
            new CompareToHistory(),
            new ListSignals(),
            new GetForecast(),
            new GetRewardRisk(),
            new GetForecastBacktestError(),
            new GetChartData(),
            new PlotChart(),
            new RenderChart(),
            new ListForecastModels(),
            new ScanForecasts(),
            new ResolveForecastStart(),
            new AnalogueCalibration(),
            new ForecastTickers(),
            new TrainGlobalModel(),
            // app
            new ReadAppState(),
            new ReadAppLog(),
            new ReadCommandQueue(),
            new DriveApp());

    private ToolCatalog() {}
}
