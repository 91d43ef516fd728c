//! The Director's findings an evaluation reads, and what each is about: a question of fact
//! belongs to one irregularity (a call, or an act such as a hesitation), not to the case.

use crate::model::{Call, Seat};
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

/// A question of fact: the finding, and the call whose irregularity asks it (issue 9, item
/// 18: a finding belongs to one irregularity, not to the case).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Asked {
    pub name: String,
    pub about: Option<About>,
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
    all: Vec<(Rc<str>, bool)>,
    about: Vec<(Rc<str>, AboutKey, bool)>,
    /// An answer given before its question was asked (`guessing`, one of `all` or `about`),
    /// and how it was first read, if it was: the decision tree answers in advance the question a node's siblings asked,
    /// and learns from this whether the node asks it too.
    guessed: Option<Asked>,
    first_read: Cell<Option<Option<About>>>,
    /// The answers the case gives, each with whether any replay of the ruling has read it
    /// (shared by every copy): an answer never read changes nothing, and the ruling says so
    /// (`was_read`).
    given: Rc<[(Rc<str>, Option<AboutKey>, Cell<bool>)]>,
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
    pub fn new(all: HashMap<String, bool>, about: HashMap<(String, AboutKey), bool>) -> Self {
        let all: Vec<(Rc<str>, bool)> = all.into_iter().map(|(n, v)| (Rc::from(n), v)).collect();
        let about: Vec<(Rc<str>, AboutKey, bool)> = about
            .into_iter()
            .map(|((n, k), v)| (Rc::from(n), k, v))
            .collect();
        let given = (all.iter().map(|(n, _)| (n.clone(), None, Cell::new(false))))
            .chain((about.iter()).map(|(n, k, _)| (n.clone(), Some(*k), Cell::new(false))))
            .collect();
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
        (self.given.iter()).any(|(n, k, read)| *k == key && **n == *name && read.get())
    }

    /// Marks the case's answer to `name` (about `key`, or for every question) as read.
    fn mark_read(&self, name: &str, key: Option<AboutKey>) {
        if let Some((_, _, read)) = (self.given.iter()).find(|(n, k, _)| *k == key && **n == *name)
        {
            read.set(true);
        }
    }

    /// The answer for every question of `name`.
    fn for_all(&self, name: &str) -> Option<bool> {
        self.all.iter().find(|(n, _)| **n == *name).map(|e| e.1)
    }

    /// The answer to the question of `name` about the call or act `key`.
    fn about(&self, name: &str, key: AboutKey) -> Option<bool> {
        (self.about.iter())
            .find(|(n, k, _)| *k == key && **n == *name)
            .map(|e| e.2)
    }

    pub(super) fn get(&self, name: &str, about: Option<About>) -> Option<bool> {
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
        with.answer(q, true);
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
    pub fn answer(&mut self, q: &Asked, yes: bool) {
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
                ("damage".to_string(), true),
                ("misinformation".to_string(), false),
            ]),
            HashMap::from([(("comparable_call".to_string(), key), true)]),
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
        branch.answer(&asked("suggested_alternative_chosen", None), true);
        assert_eq!(branch.get("suggested_alternative_chosen", None), Some(true));
        assert_eq!(branch.get("damage", None), Some(true));
        // About another call, the answer about call 3 is not read.
        assert_eq!(branch.get("comparable_call", Some(about(2, "1D"))), None);
        assert_eq!(unread(&f), ["comparable_call", "misinformation"]);
        assert_eq!(f.get("comparable_call", Some(about(3, "1D"))), Some(true));
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
        assert_eq!(
            with.get("comparable_call", Some(about(3, "2C"))),
            Some(true)
        );
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
        assert_eq!(
            with.get("comparable_call", Some(about(3, "1D"))),
            Some(true)
        );
        assert_eq!(with.guess(), Guess::Other);
        let with = Findings::default().guessing(&asked("comparable_call", None));
        assert_eq!(with.get("comparable_call", None), Some(true));
        assert_eq!(with.guess(), Guess::Asked(asked("comparable_call", None)));
    }

    #[test]
    fn a_call_answered_on_its_own_does_not_read_a_guess_for_every_question() {
        let mut known = Findings::default();
        known.answer(&asked("comparable_call", Some(about(3, "1D"))), false);
        let with = known.guessing(&asked("comparable_call", None));
        assert_eq!(
            with.get("comparable_call", Some(about(3, "1D"))),
            Some(false)
        );
        assert_eq!(with.guess(), Guess::Unread);
    }

    #[test]
    fn a_copy_keeps_the_guessed_answer_but_not_the_guess() {
        let guess = asked("comparable_call", Some(about(3, "1D")));
        let with = Findings::default().guessing(&guess);
        assert!(with.answers(&guess));
        let copy = with.clone();
        assert_eq!(
            copy.get("comparable_call", Some(about(3, "1D"))),
            Some(true)
        );
        assert_eq!(copy.guess(), Guess::Unread);
        assert_eq!(with.guess(), Guess::Unread);
    }
}
