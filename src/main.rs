//! `league`: the server and the operator's commands.

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use league::app::PlayError;
use league::app::accounts::{
    self, AccountProblem, Email, FullName, NewPassword, Nick, hash_password,
};
use league::config::Settings;
use league::db::{self, ManageConnection};
use league::startup::Application;

#[derive(Parser)]
#[command(
    name = "league",
    version,
    about = "Team chess championships: rosters, line-ups, pairings, standings"
)]
struct Cli {
    /// Configuration file (default: ./league.toml if present).
    #[arg(long, global = true, env = "LEAGUE_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Create a platform administrator. The password is read from standard
    /// input when it is not a terminal, otherwise asked for twice; it is
    /// never taken from the command line.
    CreateAdmin {
        #[arg(long)]
        nick: String,
        #[arg(long)]
        email: String,
        #[arg(long = "name")]
        full_name: String,
    },
    /// Copy a live SQLite database to FILE (which must not exist) and check
    /// the copy; on PostgreSQL, use pg_dump (see the README).
    Backup {
        /// Where to write the copy.
        file: PathBuf,
    },
    /// Fill an empty database with a large generated installation for
    /// benchmarks (200 championships, 2,000 teams, 40,000 matches at scale 1).
    Generate {
        /// 1 is the full set, 0.1 a tenth of it (fewer championships of the
        /// same shape).
        #[arg(long, default_value_t = 1.0)]
        scale: f64,
        /// Seed of the drawn results: the same seed gives the same data.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
    },
    /// Eligibility documents kept in the database.
    Documents {
        #[command(subcommand)]
        command: DocumentsCommand,
    },
    /// Ratings: FIDE's rating list read in, the platform's own rating
    /// brought up to date.
    Ratings {
        #[command(subcommand)]
        command: RatingsCommand,
    },
    /// Print the standings of a TRF-2026 file with every tie-break value.
    Standings {
        /// The TRF file (`-` for standard input).
        file: PathBuf,
        /// Ranking list in TRF notation, e.g. "MP,EDET/P,EMGSB/C1,BH:MP/C1"; a
        /// leading MP/GP (MPTS/GPTS) sets the primary score, as record 212
        /// does; default: the preset's chain, else the file's 202/212 record.
        #[arg(long)]
        tiebreaks: Option<String>,
        /// Score and break ties as this regulation preset does.
        #[arg(long, value_enum)]
        regulation: Option<league::cli::standings::Preset>,
        /// FIDE C.07 edition; default: the one in force on the tournament's
        /// first day (record 042, else 052).
        #[arg(long, value_enum)]
        edition: Option<league::cli::standings::EditionArg>,
        #[arg(long, value_enum, default_value = "text")]
        format: league::cli::standings::Format,
    },
    /// Pair the next round of a team Swiss from a TRF-2026 file, or print a
    /// Berger table, in the pairing engines' convention (JaVaFo, bbpPairings).
    #[command(group(
        clap::ArgGroup::new("system").required(true).args(["team_swiss", "berger"])
    ))]
    Pair {
        /// TRF-2026 team tournament whose next round to pair (`-` for
        /// standard input); writes the number of pairings, then `HOME AWAY`
        /// team numbers per pairing (home: White on board 1), a bye as `TEAM 0`.
        #[arg(long = "team-swiss", value_name = "INPUT.trf")]
        team_swiss: Option<PathBuf>,
        /// Print the Berger table (FIDE C.05 Annex 1) for N teams.
        #[arg(long, value_name = "N")]
        berger: Option<u32>,
        /// With --berger: a double round robin.
        #[arg(long, conflicts_with = "team_swiss")]
        double: bool,
        /// Where to write the pairings; without it, without a file or with
        /// `-`: standard output.
        #[arg(
            short = 'p',
            long = "pairings",
            value_name = "OUTPUT",
            num_args = 0..=1,
            default_missing_value = "-"
        )]
        output: Option<PathBuf>,
        /// The tournament's seed for draws by lot (required in a lot round;
        /// give the same one every round).
        #[arg(long, conflicts_with = "berger")]
        seed: Option<u64>,
        /// Rounds 1..=K are drawn by lot (R-3.1: 2). Default 0.
        #[arg(long, value_name = "K", conflicts_with = "berger")]
        lot_rounds: Option<u32>,
        /// Rounds of the tournament; default: the file's record 142 (or XXR).
        #[arg(long, value_name = "N", conflicts_with = "berger")]
        total_rounds: Option<u32>,
        /// The score that makes the score groups; default: the file's scoring.
        #[arg(long, value_enum, conflicts_with = "berger")]
        primary: Option<league::cli::pair::Primary>,
        /// How the pairing numbers are given; default: the TRF team numbers.
        #[arg(long, value_enum, conflicts_with = "berger")]
        initial_ranking: Option<league::cli::pair::Ranking>,
        /// Print a report (seed, method, notes) on standard error.
        #[arg(short, long)]
        verbose: bool,
    },
}

#[derive(Subcommand)]
enum DocumentsCommand {
    /// Remove every document uploaded before a day (retention), and print
    /// how many documents and bytes were removed.
    Purge {
        /// The first day to keep, YYYY-MM-DD (UTC).
        #[arg(long, value_name = "YYYY-MM-DD")]
        before: chrono::NaiveDate,
    },
}

#[derive(Subcommand)]
enum RatingsCommand {
    /// Read a FIDE rating list (TXT or XML, as FIDE publishes it, the whole
    /// world's list too) and record the ratings of every person whose FIDE
    /// id the platform knows, dated by the list.
    Fide {
        /// The list (players_list_foa.txt, standard_rating_list.xml, …).
        file: PathBuf,
        /// The list's date, YYYY-MM-DD (FIDE publishes on the 1st).
        #[arg(long, value_name = "YYYY-MM-DD")]
        as_of: chrono::NaiveDate,
        /// The speed of a single list (standard, rapid, blitz); a combined
        /// list carries all three.
        #[arg(long, default_value = "standard")]
        speed: String,
        /// The administrator recorded as having read it in.
        #[arg(long)]
        admin: String,
    },
    /// Recompute the platform's rating from the first month whose games
    /// changed (every month on a first run).
    Refresh,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = Settings::load(cli.config.as_deref())
        .map_err(anyhow::Error::from)
        .and_then(|settings| {
            init_tracing(&settings.log);
            match cli.command.unwrap_or(Command::Serve) {
                Command::Serve => serve(settings),
                Command::Migrate => migrate(&settings),
                Command::CreateAdmin {
                    nick,
                    email,
                    full_name,
                } => create_admin(&settings, &nick, &email, &full_name),
                Command::Documents {
                    command: DocumentsCommand::Purge { before },
                } => purge_documents(&settings, before),
                Command::Backup { file } => backup(&settings, &file),
                Command::Ratings { command } => ratings(&settings, command),
                Command::Generate { scale, seed } => generate(&settings, scale, seed),
                Command::Standings {
                    file,
                    tiebreaks,
                    regulation,
                    edition,
                    format,
                } => {
                    let bytes = read_input(&file)?;
                    let out = league::cli::standings::run(
                        &bytes,
                        league::cli::standings::Options {
                            tiebreaks: tiebreaks.as_deref(),
                            preset: regulation,
                            edition,
                            format,
                        },
                    )?;
                    print!("{out}");
                    Ok(())
                }
                Command::Pair {
                    team_swiss,
                    berger,
                    double,
                    output,
                    seed,
                    lot_rounds,
                    total_rounds,
                    primary,
                    initial_ranking,
                    verbose,
                } => {
                    let (text, report) = match (team_swiss, berger) {
                        (_, Some(n)) => (league::cli::pair::berger(n, double)?, None),
                        (Some(input), None) => {
                            let options = league::cli::pair::SwissOptions {
                                seed,
                                lot_rounds: lot_rounds.unwrap_or(0),
                                total_rounds,
                                primary,
                                initial_ranking: initial_ranking.unwrap_or_default(),
                            };
                            let paired =
                                league::cli::pair::team_swiss(&read_input(&input)?, &options)?;
                            (paired.pairings, Some(paired.report))
                        }
                        (None, None) => anyhow::bail!("give --team-swiss INPUT.trf or --berger N"),
                    };
                    write_output(output.as_deref(), &text)?;
                    if let Some(report) = report.filter(|_| verbose) {
                        eprint!("{report}");
                    }
                    Ok(())
                }
            }
        });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // One line an operator can act on, never a backtrace.
            eprintln!("league: {}", one_line(&e));
            ExitCode::FAILURE
        }
    }
}

fn one_line(e: &anyhow::Error) -> String {
    e.chain()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(": ")
        .replace('\n', " ")
}

fn init_tracing(filter: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .or_else(|_| tracing_subscriber::EnvFilter::try_new(filter))
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colour codes only for a person at a terminal; a log file, a pipe or a
    // journal gets plain lines.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .try_init();
}

fn serve(settings: Settings) -> anyhow::Result<()> {
    tune_allocator();
    actix_web::rt::System::new().block_on(async move {
        let app = Application::build(settings).await?;
        app.run_until_stopped().await?;
        Ok(())
    })
}

/// Two settings of glibc's allocator, for a server whose memory is mostly
/// short-lived blocks freed on another thread than the one that asked.
///
/// Each password check holds a 7 MiB block (argon2's memory cost). glibc
/// maps a block that large on its own, but after freeing one it raises its
/// threshold to that size, so later blocks come from the arena of whichever
/// thread checked the password and stay with it: a burst of sign-ins left
/// the server at 440 MB. A fixed threshold keeps every block of 1 MiB or
/// more mapped apart and given back to the system when freed.
///
/// glibc also gives each thread that allocates an arena of its own, up to
/// eight per core, and each arena keeps what was freed in it. The workers
/// and the blocking threads (one per pooled connection) hand pages and
/// rows between them, so sixteen arenas held freed memory apart for no
/// gain: two arenas keep the peak 1.7 MB lower at the same request rates.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn tune_allocator() {
    // SAFETY: `mallopt` only changes a setting of the allocator, and runs
    // before the server starts any thread.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn tune_allocator() {}

fn migrate(settings: &Settings) -> anyhow::Result<()> {
    let url = settings.database_url()?;
    if let db::DbUrl::Sqlite(path) = &url
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir)?;
    }
    let mut conn = db::ConnectionManager::new(url).connect()?;
    let applied = db::run_migrations(&mut conn)?;
    let version = db::schema_version(&mut conn)?;
    println!(
        "applied {} migration(s); schema version {version}",
        applied.len()
    );
    Ok(())
}

/// A file's bytes, or standard input's for `-`.
fn read_input(path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))
    }
}

/// Writes `text` to a file, or to standard output for `-` or no file.
fn write_output(path: Option<&std::path::Path>, text: &str) -> anyhow::Result<()> {
    match path {
        Some(p) if p.as_os_str() != "-" => std::fs::write(p, text)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", p.display())),
        _ => {
            print!("{text}");
            Ok(())
        }
    }
}

fn read_password() -> anyhow::Result<String> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password: ")?;
        let second = rpassword::prompt_password("Password again: ")?;
        anyhow::ensure!(first == second, "the two passwords differ");
        Ok(first)
    } else {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line)?;
        Ok(line.trim_end_matches(['\r', '\n']).to_owned())
    }
}

fn create_admin(
    settings: &Settings,
    nick: &str,
    email: &str,
    full_name: &str,
) -> anyhow::Result<()> {
    let en = league::i18n::Lang::En;
    let nick = Nick::parse(nick).map_err(|k| anyhow::anyhow!("nick: {}", en.msg(k)))?;
    let email = Email::parse(email).map_err(|k| anyhow::anyhow!("e-mail: {}", en.msg(k)))?;
    let full_name =
        FullName::parse(full_name).map_err(|k| anyhow::anyhow!("name: {}", en.msg(k)))?;
    let password = read_password()?;
    let password = NewPassword::parse(
        &password,
        &[nick.as_str(), email.as_str(), full_name.as_str()],
    )
    .map_err(|k| anyhow::anyhow!("password: {}", en.msg(k)))?;
    let hash = hash_password(&password)?;
    let url = settings.database_url()?;
    let pool = db::connect(&url, 1)?;
    let mut conn = pool.get()?;
    let account = accounts::NewAccount {
        nick: &nick,
        full_name: &full_name,
        email: &email,
        password_hash: &hash,
        locale: "ru",
    };
    let id = accounts::create_admin(&mut conn, &account).map_err(|e| match e {
        // Worded as the database layer words a taken name.
        PlayError::Refused(problems) => anyhow::anyhow!(
            "{}",
            problems
                .iter()
                .map(|p| match p {
                    AccountProblem::NickTaken => "nick is taken",
                    AccountProblem::EmailTaken => "e-mail is taken",
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        e => e.into(),
    })?;
    println!("created administrator {} (id {id})", nick.as_str());
    Ok(())
}

fn generate(settings: &Settings, scale: f64, seed: u64) -> anyhow::Result<()> {
    migrate(settings)?;
    let pool = db::connect(&settings.database_url()?, 1)?;
    let mut conn = pool.get()?;
    let done = league::cli::generate::run(&mut conn, &league::cli::generate::Plan { scale, seed })?;
    print!("{}", done.report());
    Ok(())
}

fn backup(settings: &Settings, file: &std::path::Path) -> anyhow::Result<()> {
    let url = settings.database_url()?;
    let done = db::backup::backup(&url, file)?;
    println!(
        "backup written to {} ({} bytes), integrity check ok",
        file.display(),
        done.bytes
    );
    Ok(())
}

fn ratings(settings: &Settings, command: RatingsCommand) -> anyhow::Result<()> {
    use league::app::ratings;
    let url = settings.database_url()?;
    let pool = db::connect(&url, 1)?;
    let mut conn = pool.get()?;
    match command {
        RatingsCommand::Refresh => {
            let started = std::time::Instant::now();
            let done = ratings::refresh_platform(&mut conn)?;
            match done.from {
                // The check alone is what a judge's finish pays when its
                // month's games are as they were.
                None => println!(
                    "the platform's ratings are up to date (checked in {:.2} s)",
                    started.elapsed().as_secs_f64()
                ),
                Some(from) => println!(
                    "recomputed {} month(s) from {}: {} games, {} ratings, in {:.2} s",
                    done.periods,
                    ratings::period_start(from)
                        .map_or_else(String::new, |d| d.format("%Y-%m").to_string()),
                    done.games,
                    done.rows,
                    started.elapsed().as_secs_f64()
                ),
            }
        }
        RatingsCommand::Fide {
            file,
            as_of,
            speed,
            admin,
        } => {
            let speed = league::rules::rating::Speed::from_code(&speed)
                .ok_or_else(|| anyhow::anyhow!("--speed is standard, rapid or blitz"))?;
            let admin = db::people::by_nick(&mut conn, &admin)?
                .filter(|p| p.is_admin)
                .ok_or_else(|| anyhow::anyhow!("no administrator of that nick"))?;
            let bytes = read_input(&file)?;
            let text = league::rules::text::decode(&bytes);
            drop(bytes);
            let now = db::utc_now();
            let (id, staged) =
                ratings::stage_fide_list(&mut conn, &text, speed, as_of, admin.id, now)
                    .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            for problem in &staged.problems {
                eprintln!("line {}: {}", problem.line, problem.fault);
            }
            let written = ratings::confirm_list(&mut conn, id, admin.id, now)
                .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            println!(
                "read {} players ({} lines left out); {} people of the platform, {} ratings recorded as of {as_of}",
                staged.players_read,
                staged.problem_count,
                staged.rows.len(),
                written
            );
        }
    }
    Ok(())
}

fn purge_documents(settings: &Settings, before: chrono::NaiveDate) -> anyhow::Result<()> {
    let url = settings.database_url()?;
    let pool = db::connect(&url, 1)?;
    let mut conn = pool.get()?;
    let purged = league::app::documents::purge_all_before(&mut conn, before)?;
    println!(
        "removed {} document(s), {} bytes, uploaded before {before}",
        purged.documents, purged.bytes
    );
    Ok(())
}
