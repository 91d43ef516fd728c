//! The Director's findings an evaluation reads, and what each is about: a question of fact
//! belongs to one irregularity (a call, or an act such as a hesitation), not to the case.

use crate::model::{Answer, Call, Seat};
use crate::source::Span;
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

/// A question of fact: the finding, and the call whose irregularity asks it (issue 9, item
/// 18: a finding belongs to one irregularity, not to the case).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Asked {
    pub name: String,
    pub about: Option<About>,
    /// A number the Director finds: the least and the most he may find, as the table stood
    /// when it was asked (the finding's range, evaluated there). None for yes or no.
    pub range: Option<(i64, i64)>,
}

/// What an irregularity is about: a call, by its number among the calls of the auction as
/// made (1 the first; a change of call and each of simultaneous calls count), or an act that
/// is not a call (a hesitation), by its kind and its number among its player's acts of that
/// kind (1 his first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct About {
    pub number: usize,
    pub seat: Seat,
    pub what: AboutWhat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AboutWhat {
    Call(Call),
    /// The act's kind, as the table records it (`hesitation`).
    Act(&'static str),
}

/// How a finding answered for one irregularity names it: the call's number, or the act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AboutKey {
    Call(usize),
    Act(Seat, &'static str, usize),
}

impl About {
    pub fn key(&self) -> AboutKey {
        match self.what {
            AboutWhat::Call(_) => AboutKey::Call(self.number),
            AboutWhat::Act(kind) => AboutKey::Act(self.seat, kind, self.number),
        }
    }
}

/// The binding that numbers the act an irregularity is about among its player's acts of
/// that kind (with `$about` bound to the act).
pub const ABOUT_ACT: &str = "$about_act";

/// The binding a rectification's environment carries for the call it is about (an entry
/// whose index is the call's number); findings read under it are asked about that call.
pub const ABOUT: &str = "$about";

/// The Director's findings a replay knows: answers to every question of a finding (the
/// short form, `comparable_call no`), and answers to the question about one call.
///
/// A case answers a handful of findings, and the tree copies them at every branch: they are
/// kept in short lists (a name shared, not copied), looked up by name in place.
#[derive(Debug, Default)]
pub struct Findings {
    all: Vec<(Rc<str>, Answer)>,
    about: Vec<(Rc<str>, AboutKey, Answer)>,
    /// An answer given before its question was asked (`guessing`, one of `all` or `about`),
    /// and how it was first read, if it was: the decision tree answers in advance the question a node's siblings asked,
    /// and learns from this whether the node asks it too.
    guessed: Option<Asked>,
    first_read: Cell<Option<Option<About>>>,
    /// The answers the case gives, each with whether any replay of the ruling has read it
    /// (shared by every copy): an answer never read changes nothing, and the ruling says so
    /// (`was_read`), and where the case gives it.
    given: Rc<[Given]>,
}

/// An answer the case gives: the finding, the call or act it is about (None: every
/// question), whether a replay has read it, and where the case gives it.
#[derive(Debug)]
struct Given {
    name: Rc<str>,
    about: Option<AboutKey>,
    read: Cell<bool>,
    span: Option<Span>,
}

/// A copy knows the same answers; none of them is a guess.
impl Clone for Findings {
    fn clone(&self) -> Self {
        Findings {
            all: self.all.clone(),
            about: self.about.clone(),
            guessed: None,
            first_read: Cell::new(None),
            given: self.given.clone(),
        }
    }
}

/// What a replay under a guessed answer showed of the question (`Findings::guessing`).
#[derive(Clone, Debug, PartialEq)]
pub enum Guess {
    /// The answer was never read: the replay is the one without it.
    Unread,
    /// The question was the first unknown the replay met, asked as this (the call it is
    /// about as the replay met it): the replay is the branch of that answer.
    Asked(Asked),
    /// The answer was read for another question (a finding answered for every call, read
    /// about one call): the replay shows nothing and is not used.
    Other,
}

impl Findings {
    /// The case's answers, each with where the case gives it (None in tests).
    pub fn new(
        all: HashMap<String, (Answer, Option<Span>)>,
        about: HashMap<(String, AboutKey), (Answer, Option<Span>)>,
    ) -> Self {
        let mut given = vec![];
        let mut given_at = |name: &Rc<str>, about, span| {
            given.push(Given {
                name: name.clone(),
                about,
                read: Cell::new(false),
                span,
            })
        };
        let all: Vec<(Rc<str>, Answer)> = (all.into_iter())
            .map(|(n, (v, span))| {
                let n = Rc::from(n);
                given_at(&n, None, span);
                (n, v)
            })
            .collect();
        let about: Vec<(Rc<str>, AboutKey, Answer)> = (about.into_iter())
            .map(|((n, k), (v, span))| {
                let n = Rc::from(n);
                given_at(&n, Some(k), span);
                (n, k, v)
            })
            .collect();
        let given = given.into();
        Findings {
            all,
            about,
            given,
            ..Findings::default()
        }
    }

    /// The case's answer to `name` (about `key`, or for every question): whether any replay,
    /// in any copy, has read it so far.
    pub fn was_read(&self, name: &str, key: Option<AboutKey>) -> bool {
        self.given_answer(name, key).is_some_and(|g| g.read.get())
    }

    fn given_answer(&self, name: &str, key: Option<AboutKey>) -> Option<&Given> {
        (self.given.iter()).find(|g| g.about == key && *g.name == *name)
    }

    /// Where the case gives the answer to `name` about `about` that `get` reads, if the case
    /// gives it (a branch's own answer is not the case's).
    pub fn span_of(&self, name: &str, about: Option<About>) -> Option<Span> {
        let key = (about.map(|a| a.key())).filter(|k| self.about(name, *k).is_some());
        self.given_answer(name, key).and_then(|g| g.span)
    }

    /// Marks the case's answer to `name` (about `key`, or for every question) as read.
    fn mark_read(&self, name: &str, key: Option<AboutKey>) {
        if let Some(g) = self.given_answer(name, key) {
            g.read.set(true);
        }
    }

    /// The answer for every question of `name`.
    fn for_all(&self, name: &str) -> Option<Answer> {
        self.all.iter().find(|(n, _)| **n == *name).map(|e| e.1)
    }

    /// The answer to the question of `name` about the call or act `key`.
    fn about(&self, name: &str, key: AboutKey) -> Option<Answer> {
        (self.about.iter())
            .find(|(n, k, _)| *k == key && **n == *name)
            .map(|e| e.2)
    }

    pub(super) fn get(&self, name: &str, about: Option<About>) -> Option<Answer> {
        let answer = match about.and_then(|a| self.about(name, a.key()).map(|v| (v, a.key()))) {
            Some((v, key)) => {
                self.mark_read(name, Some(key));
                Some(v)
            }
            None => {
                let v = self.for_all(name);
                if v.is_some() {
                    self.mark_read(name, None);
                }
                v
            }
        };
        if let (Some(g), Some(_)) = (&self.guessed, answer) {
            if self.first_read.get().is_none() && self.reads_guess(g, name, about) {
                self.first_read.set(Some(about));
            }
        }
        answer
    }

    /// Whether reading `name` about `about` reads the guessed answer `g` (the lookup of
    /// `get`: an answer about the call first, then one for every question).
    fn reads_guess(&self, g: &Asked, name: &str, about: Option<About>) -> bool {
        g.name == name
            && match (g.about, about) {
                (Some(ga), Some(a)) => ga.key() == a.key(),
                (Some(_), None) => false,
                (None, None) => true,
                (None, Some(a)) => self.about(name, a.key()).is_none(),
            }
    }

    /// These findings with `q`, which they do not answer, answered yes before it is asked: a
    /// replay under them is the yes branch of `q` if the first unknown it would have met is
    /// `q`, and the replay without the answer if it never reads it (`guess` tells which,
    /// after the replay).
    /// How the guess was first read so far, to be put back (`set_first_read`) after an
    /// evaluation asked again for another call (`probe`), which must not count as a read.
    pub fn first_read_now(&self) -> Option<Option<About>> {
        self.first_read.get()
    }

    pub fn set_first_read(&self, read: Option<Option<About>>) {
        self.first_read.set(read);
    }

    pub fn guessing(&self, q: &Asked) -> Findings {
        let mut with = self.clone();
        with.answer(q, Answer::YesNo(true));
        with.guessed = Some(q.clone());
        with
    }

    /// What the replays under these findings showed of the guessed answer: read first as
    /// the question it answers (the guess was right), never read, or read for another.
    pub fn guess(&self) -> Guess {
        let Some(g) = &self.guessed else {
            return Guess::Unread;
        };
        match self.first_read.get() {
            None => Guess::Unread,
            Some(about) if about.map(|a| a.key()) == g.about.map(|a| a.key()) => {
                Guess::Asked(Asked {
                    name: g.name.clone(),
                    about,
                    range: g.range,
                })
            }
            Some(_) => Guess::Other,
        }
    }

    /// Whether `q` has an answer here.
    pub fn answers(&self, q: &Asked) -> bool {
        match q.about {
            Some(a) => self.about(&q.name, a.key()).is_some(),
            None => self.for_all(&q.name).is_some(),
        }
    }

    /// Record an answer to a question (in place of the one it had).
    pub fn answer(&mut self, q: &Asked, yes: Answer) {
        match q.about {
            Some(a) => {
                let key = a.key();
                match (self.about.iter_mut()).find(|(n, k, _)| *k == key && **n == *q.name) {
                    Some(e) => e.2 = yes,
                    None => self.about.push((Rc::from(q.name.as_str()), key, yes)),
                }
            }
            None => match self.all.iter_mut().find(|(n, _)| **n == *q.name) {
                Some(e) => e.1 = yes,
                None => self.all.push((Rc::from(q.name.as_str()), yes)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const YES: Answer = Answer::YesNo(true);
    const NO: Answer = Answer::YesNo(false);

    fn about(number: usize, call: &str) -> About {
        About {
            number,
            seat: Seat::East,
            what: AboutWhat::Call(Call::parse(call).unwrap()),
        }
    }

    fn asked(name: &str, about: Option<About>) -> Asked {
        Asked {
            name: name.into(),
            about,
            range: None,
        }
    }

    /// The answers the case gives that no copy read are the ones the ruling notes; a read
    /// by any copy (a branch of the tree) counts, and the tree's own answers are not the
    /// case's.
    #[test]
    fn an_answer_no_copy_read_is_unread() {
        let key = about(3, "1D").key();
        let f = Findings::new(
            HashMap::from([
                ("damage".to_string(), (YES, None)),
                ("misinformation".to_string(), (NO, None)),
            ]),
            HashMap::from([(("comparable_call".to_string(), key), (YES, None))]),
        );
        let unread = |f: &Findings| {
            let given = [
                ("comparable_call", Some(key)),
                ("damage", None),
                ("misinformation", None),
            ];
            (given.into_iter())
                .filter(|(n, k)| !f.was_read(n, *k))
                .map(|(n, _)| n)
                .collect::<Vec<_>>()
        };
        assert_eq!(unread(&f), ["comparable_call", "damage", "misinformation"]);
        let mut branch = f.clone();
        branch.answer(&asked("suggested_alternative_chosen", None), YES);
        assert_eq!(branch.get("suggested_alternative_chosen", None), Some(YES));
        assert_eq!(branch.get("damage", None), Some(YES));
        // About another call, the answer about call 3 is not read.
        assert_eq!(branch.get("comparable_call", Some(about(2, "1D"))), None);
        assert_eq!(unread(&f), ["comparable_call", "misinformation"]);
        assert_eq!(f.get("comparable_call", Some(about(3, "1D"))), Some(YES));
        assert_eq!(unread(&branch), ["misinformation"]);
    }

    #[test]
    fn a_guess_about_a_call_is_asked_when_read_about_that_call_first() {
        let guess = asked("comparable_call", Some(about(3, "1D")));
        let with = Findings::default().guessing(&guess);
        assert_eq!(with.guess(), Guess::Unread);
        // Another finding, and the same finding about another call, are not the guess.
        assert_eq!(with.get("misinformation", Some(about(3, "1D"))), None);
        assert_eq!(with.get("comparable_call", Some(about(2, "1D"))), None);
        assert_eq!(with.get("comparable_call", None), None);
        assert_eq!(with.guess(), Guess::Unread);
        // The same place in the auction with another call (a sibling's): the same
        // question, asked as this replay met it.
        assert_eq!(with.get("comparable_call", Some(about(3, "2C"))), Some(YES));
        assert_eq!(
            with.guess(),
            Guess::Asked(asked("comparable_call", Some(about(3, "2C"))))
        );
        // What a later read asks does not change what was asked first.
        with.get("comparable_call", Some(about(3, "1D")));
        assert_eq!(
            with.guess(),
            Guess::Asked(asked("comparable_call", Some(about(3, "2C"))))
        );
    }

    #[test]
    fn a_guess_for_every_question_read_about_one_call_shows_nothing() {
        let with = Findings::default().guessing(&asked("comparable_call", None));
        assert_eq!(with.get("comparable_call", Some(about(3, "1D"))), Some(YES));
        assert_eq!(with.guess(), Guess::Other);
        let with = Findings::default().guessing(&asked("comparable_call", None));
        assert_eq!(with.get("comparable_call", None), Some(YES));
        assert_eq!(with.guess(), Guess::Asked(asked("comparable_call", None)));
    }

    #[test]
    fn a_call_answered_on_its_own_does_not_read_a_guess_for_every_question() {
        let mut known = Findings::default();
        known.answer(&asked("comparable_call", Some(about(3, "1D"))), NO);
        let with = known.guessing(&asked("comparable_call", None));
        assert_eq!(with.get("comparable_call", Some(about(3, "1D"))), Some(NO));
        assert_eq!(with.guess(), Guess::Unread);
    }

    #[test]
    fn a_copy_keeps_the_guessed_answer_but_not_the_guess() {
        let guess = asked("comparable_call", Some(about(3, "1D")));
        let with = Findings::default().guessing(&guess);
        assert!(with.answers(&guess));
        let copy = with.clone();
        assert_eq!(copy.get("comparable_call", Some(about(3, "1D"))), Some(YES));
        assert_eq!(copy.guess(), Guess::Unread);
        assert_eq!(with.guess(), Guess::Unread);
    }

    /// A number the Director finds: the case's answer within the range (digits, or the
    /// least or the most the range allows there), the case's error outside it, the question
    /// where the case is silent, and no question where the range holds one number.
    #[test]
    fn a_number_found_is_read_within_its_range() {
        use crate::eval::ops::{found_number, Stop, MOST_ANSWERS};
        let at = Span::default();
        let given = |a| {
            Findings::new(
                HashMap::from([("tricks".to_string(), (a, None))]),
                HashMap::new(),
            )
        };
        let read = |f: &Findings, range| found_number(f, "tricks", None, range, at);
        assert_eq!(read(&given(Answer::Number(5)), (3, 8)).ok(), Some(5));
        assert_eq!(read(&given(Answer::Least), (3, 8)).ok(), Some(3));
        assert_eq!(read(&given(Answer::Most), (3, 8)).ok(), Some(8));
        match read(&given(Answer::Number(9)), (3, 8)) {
            Err(Stop::Outside(o)) => assert_eq!((o.answer, o.least, o.most), (9, 3, 8)),
            other => panic!("{other:?}"),
        }
        assert!(matches!(read(&given(YES), (3, 8)), Err(Stop::Error { .. })));
        let silent = Findings::default();
        match read(&silent, (3, 8)) {
            Err(Stop::Unknown(q)) => assert_eq!(q.range, Some((3, 8))),
            other => panic!("{other:?}"),
        }
        assert_eq!(read(&silent, (4, 4)).ok(), Some(4));
        assert!(matches!(read(&silent, (5, 4)), Err(Stop::Error { .. })));
        assert!(matches!(
            read(&silent, (0, MOST_ANSWERS - 1)),
            Err(Stop::Unknown(_))
        ));
        assert!(matches!(
            read(&silent, (0, MOST_ANSWERS)),
            Err(Stop::Error { .. })
        ));
    }
}
