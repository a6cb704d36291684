"""What every figure shares: the one matplotlib style (rcParams), the grid layout of the storage
studies' figures (rows of axes laid out in inches, a title above each row, the legend below), their
filter-size and log-time axes, and writing a figure so that the same results give byte-identical
files: a PDF without creation and modification dates, a PNG without the software tag (matplotlib's
version)."""

from __future__ import annotations

from pathlib import Path

PDF_METADATA = {"CreationDate": None, "ModDate": None}
PNG_METADATA = {"Software": None}

# Figures are drawn at the size they are printed (\linewidth = 6.5 in), so these sizes in points
# are what a reader sees at 100 % zoom.
TEXT_WIDTH_IN = 6.5
FONT_PT = 8
SMALL_FONT_PT = 7

# Embedded TrueType fonts and a fixed SVG hash salt (reproducible files), whatever the style.
BASE_STYLE = {"pdf.fonttype": 42, "ps.fonttype": 42, "svg.hashsalt": "filterlab"}
# The paper's figures: 7 pt text, 7.5 pt titles.
STYLE = {"font.size": 7, "axes.titlesize": 7.5, "axes.labelsize": 7, "legend.fontsize": 7,
         **BASE_STYLE}


def pyplot(style: dict = STYLE):
    """matplotlib.pyplot on the Agg backend with the style set on matplotlib's defaults (so a
    figure does not depend on which figures were drawn before it in the process): the one place
    rcParams are set."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    matplotlib.rc_file_defaults()
    plt.rcParams.update(style)
    return plt


def save(fig, path: Path, **kwargs) -> None:
    """fig.savefig with the metadata that would differ between two runs left out."""
    path = Path(path)
    metadata = PNG_METADATA if path.suffix.lower() == ".png" else PDF_METADATA
    fig.savefig(path, metadata=metadata, **kwargs)


def save_and_close(fig, path: Path) -> None:
    import matplotlib.pyplot as plt
    save(fig, path)
    plt.close(fig)


def grid_figure(plt, n_rows: int, n_cols: int, handles: list, ncol: int, row_titles: list[str],
                col_titles: list[str], axes_h: float = 1.35, xlabel_h: float = 0.2,
                col_title_h: float | None = None):
    """A figure of n_rows x n_cols axes laid out in inches (TEXT_WIDTH_IN wide): a bold title
    above each row, the column titles above the first row (an empty one is left out), the legend
    (handles, ncol columns) below the last. col_title_h: the column titles' height in inches, by
    default from their number of lines. Returns fig and the axes, row by row."""
    width = TEXT_WIDTH_IN
    left, right, col_gap = 0.5, 0.08, 0.55
    top_pad, row_title_h, ticks_h, pad = 0.05, 0.2, 0.2, 0.04
    if col_title_h is None:
        col_title_h = 0.05 + 0.12 * max(t.count("\n") + 1 for t in col_titles)
    fig = plt.figure(figsize=(width, 5))
    leg = fig.legend(handles=handles, loc="lower left", ncol=ncol, frameon=False,
                     borderaxespad=0.2, handletextpad=0.5, borderpad=0.2, columnspacing=1.2,
                     handlelength=2.6)
    fig.canvas.draw()
    leg_h = leg.get_window_extent().height / fig.dpi
    row_h = row_title_h + axes_h + ticks_h
    height = top_pad + col_title_h + n_rows * row_h + xlabel_h + leg_h + pad
    fig.set_size_inches(width, height)
    leg.set_bbox_to_anchor((0.005, pad / height), transform=fig.transFigure)
    ax_w = (width - left - right - (n_cols - 1) * col_gap) / n_cols
    axes = []
    for i in range(n_rows):
        y_top = height - top_pad - col_title_h - i * row_h - row_title_h  # axes' top, inches
        row = []
        for j in range(n_cols):
            ax = fig.add_axes([(left + j * (ax_w + col_gap)) / width, (y_top - axes_h) / height,
                               ax_w / width, axes_h / height])
            if i == 0 and col_titles[j]:
                ax.set_title(col_titles[j], pad=row_title_h * 72 + 3)
            row.append(ax)
        fig.text(0.5, (y_top + 0.04) / height, row_titles[i], ha="center", va="bottom",
                 fontsize=7.5, fontweight="bold")
        axes.append(row)
    return fig, axes


def filter_size_axis(ax, ksizes: list[int], bottom: bool) -> None:
    """x: the filter sizes (k×k), a light grid; the label on the bottom row only."""
    ax.set_xticks(ksizes, [f"{k}×{k}" for k in ksizes])
    ax.set_xlim(ksizes[0] - 0.7, ksizes[-1] + 0.7)
    ax.grid(True, which="major", color="0.88", linewidth=0.6)
    ax.set_axisbelow(True)
    if bottom:
        ax.set_xlabel("Filter size")


def log_time_axis(ax, label: str | None = None) -> None:
    """y: times on a log scale with plain numbers (minor ticks labelled over a short range); call
    it after plotting (it reads the limits)."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
    ax.set_yscale("log")
    ax.yaxis.set_minor_locator(LogLocator(subs=(2, 5)))
    plain = FuncFormatter(lambda v, _: f"{v:.3g}" if v < 1000 else f"{v:.0f}")
    ax.yaxis.set_major_formatter(plain)
    lo, hi = ax.get_ylim()
    ax.yaxis.set_minor_formatter(plain if hi / lo < 20 else NullFormatter())
    if label:
        ax.set_ylabel(label)


def median_and_iqr(rows: list[dict], metric: str) -> tuple[list[float], list[list[float]]]:
    """Per row, the median kernel time and its IQR as error bars (metric "ms"), or the roofline
    fraction in % with the IQR mapped through floor / time (metric "roofline")."""
    if metric == "ms":
        y = [r["kernel_ms"]["median"] for r in rows]
        return y, [[m - r["kernel_ms"]["q1"] for m, r in zip(y, rows)],
                   [r["kernel_ms"]["q3"] - m for m, r in zip(y, rows)]]
    y = [100 * r["roofline_fraction"] for r in rows]
    return y, [[v - 100 * r["floor_ms"] / r["kernel_ms"]["q3"] for v, r in zip(y, rows)],
               [100 * r["floor_ms"] / r["kernel_ms"]["q1"] - v for v, r in zip(y, rows)]]
