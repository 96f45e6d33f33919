package io.nous.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/** The report's charts, drawn with JFreeChart onto JFreeSVG and returned as inline SVG elements. */
public final class Charts {
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728)};

    private Charts() {
    }

    /** Bars of one metric's change (%) per scenario, one series per split. */
    public static String changeBars(String title, String axis, Map<String, Map<String, Double>> bySplitThenScenario) {
        DefaultCategoryDataset d = new DefaultCategoryDataset();
        bySplitThenScenario.forEach((split, scenarios) -> scenarios.forEach((scenario, change) -> d.addValue(change, split, scenario)));
        JFreeChart c = ChartFactory.createBarChart(title, "scenario (workload@QPS)", axis, d, PlotOrientation.VERTICAL, true, false, false);
        CategoryPlot plot = c.getCategoryPlot();
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        for (int i = 0; i < PALETTE.length; i++) {
            r.setSeriesPaint(i, PALETTE[i]);
        }
        style(c);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        ((org.jfree.chart.axis.NumberAxis) plot.getRangeAxis()).setAutoRangeMinimumSize(2.0); // +-1% when nothing changes
        return svg(c, 900, 420);
    }

    /** Mean ceiling per band against saturation. */
    public static String ceilings(double[] saturations, List<String> bands, double[][] meanByBand) {
        XYSeriesCollection d = new XYSeriesCollection();
        for (int b = 0; b < bands.size(); b++) {
            XYSeries s = new XYSeries(bands.get(b));
            for (int i = 0; i < saturations.length; i++) {
                s.add(saturations[i], meanByBand[b][i]);
            }
            d.addSeries(s);
        }
        JFreeChart c = ChartFactory.createXYLineChart("Ceiling per band against pool saturation", "saturation",
                "mean ceiling (share of cycles open)", d, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = c.getXYPlot();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < bands.size(); i++) {
            r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            r.setSeriesStroke(i, new BasicStroke(2.5f - i * 0.5f));
        }
        plot.setRenderer(r);
        plot.getRangeAxis().setRange(-0.05, 1.05);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(c);
        return svg(c, 900, 380);
    }

    /** The incumbent's search-split change per iteration (a step line) and every evaluated candidate (points). */
    public static String progress(double[][] incumbentByIteration, double[][] candidates) {
        XYSeries best = new XYSeries("incumbent");
        for (double[] p : incumbentByIteration) {
            best.add(p[0], p[1]);
        }
        XYSeries all = new XYSeries("candidates");
        for (double[] p : candidates) {
            all.add(p[0], p[1]);
        }
        XYSeriesCollection bestSet = new XYSeriesCollection(best);
        JFreeChart c = ChartFactory.createXYLineChart("Best score per iteration (search split)", "iteration",
                "change of the objective vs baseline (%)", bestSet, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = c.getXYPlot();
        XYStepRenderer step = new XYStepRenderer();
        step.setSeriesPaint(0, PALETTE[0]);
        step.setSeriesStroke(0, new BasicStroke(2.5f));
        plot.setRenderer(0, step);
        plot.setDataset(1, new XYSeriesCollection(all));
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        dots.setSeriesPaint(0, new Color(0x88, 0x88, 0x88));
        plot.setRenderer(1, dots);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(c);
        return svg(c, 900, 380);
    }

    private static void style(JFreeChart c) {
        c.setBackgroundPaint(Color.WHITE);
        c.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        c.setAntiAlias(true);
        c.setTextAntiAlias(true);
    }

    private static String svg(JFreeChart c, int w, int h) {
        SVGGraphics2D g = new SVGGraphics2D(w, h);
        // the default prefix contains System.nanoTime(); a fixed one keeps the report byte-identical
        g.setDefsKeyPrefix("nous" + Integer.toHexString(c.getTitle().getText().hashCode()));
        c.draw(g, new Rectangle(0, 0, w, h));
        return g.getSVGElement();
    }
}
