//! The Director's findings an evaluation reads, and what each is about: a question of fact
//! belongs to one irregularity (a call, or an act such as a hesitation), not to the case.

use crate::model::{Call, Seat};
use std::collections::HashMap;

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
#[derive(Clone, Debug, Default)]
pub struct Findings {
    pub all: HashMap<String, bool>,
    pub about: HashMap<(String, AboutKey), bool>,
}

impl Findings {
    pub(super) fn get(&self, name: &str, about: Option<About>) -> Option<bool> {
        about
            .and_then(|a| self.about.get(&(name.to_string(), a.key())))
            .or_else(|| self.all.get(name))
            .copied()
    }

    /// Record an answer to a question.
    pub fn answer(&mut self, q: &Asked, yes: bool) {
        match q.about {
            Some(a) => self.about.insert((q.name.clone(), a.key()), yes),
            None => self.all.insert(q.name.clone(), yes),
        };
    }
}
