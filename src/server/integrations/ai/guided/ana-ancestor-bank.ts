import type { FactKind } from '../../../../shared/facts/index.ts'
import type { Language } from '../../../../shared/limits.ts'
import type { BankQuestion, Tensed } from './guided-interviewer.ts'

/**
 * What Ana asks in guided mode about a relative the person never met: a great-grandparent, someone
 * who died before they were born. Nothing here asks for a memory of one's own («¿Cómo era su
 * voz?»): the questions go to what the family tells, what is kept and what is known, and to what
 * the relative still means to the family. The rules of the first bank (ana-question-bank.ts) hold
 * here too: `{name}` is the first name, no word agrees with the relative in gender, Spanish uses
 * «tú» and French «vous» with a no-break space before ? ! : ;, and no question text may be
 * contained in another, of this bank or the first one.
 *
 * Such a relative has most often died; a text that would be wrong for someone alive has a living
 * form as well (the person may say they never met an aunt who lives far away).
 */

export const anaAncestorThemes = ['told', 'keepsakes', 'roots', 'character', 'work', 'places', 'love', 'hardTimes', 'legacy'] as const
export type AnaAncestorTheme = (typeof anaAncestorThemes)[number]

type Texts = Record<Language, Tensed>

// Keys become the stable id `ancestor.<theme>.<key>`: rename none, only add. Key order is asking order.
const bank: Record<AnaAncestorTheme, Record<string, Texts>> = {
  told: {
    storiesTold: {
      es: { living: '¿Qué historias se cuentan de {name}?', deceased: '¿Qué historias se contaban de {name}?' },
      en: { living: 'What stories are told about {name}?', deceased: 'What stories were told about {name}?' },
      fr: { living: 'Quelles histoires raconte-t-on sur {name} ?', deceased: 'Quelles histoires racontait-on sur {name} ?' },
    },
    firstHeard: {
      es: '¿Quién te habló de {name} por primera vez?',
      en: 'Who first told you about {name}?',
      fr: 'Qui vous a parlé de {name} pour la première fois ?',
    },
    howSpoken: {
      es: {
        living: '¿Cómo se habla de {name} en la familia: con cariño, con respeto, en voz baja?',
        deceased: '¿Cómo se hablaba de {name} en casa: con cariño, con respeto, en voz baja?',
      },
      en: {
        living: 'How is {name} spoken of in the family: with affection, with respect, in a low voice?',
        deceased: 'How was {name} spoken of at home: with affection, with respect, in a low voice?',
      },
      fr: {
        living: 'Comment parle-t-on de {name} dans la famille : avec tendresse, avec respect, à voix basse ?',
        deceased: 'Comment parlait-on de {name} à la maison : avec tendresse, avec respect, à voix basse ?',
      },
    },
    whoKnew: {
      es: '¿Quién de la familia conoció a {name} y qué te contó?',
      en: 'Who in the family knew {name}, and what did they tell you?',
      fr: 'Qui, dans la famille, a connu {name}, et que vous en a-t-on raconté ?',
    },
    calledBy: {
      es: { living: '¿Cómo llaman a {name} en la familia o en su pueblo?', deceased: '¿Cómo llamaban a {name} en la familia o en su pueblo?' },
      en: { living: 'What do the family or the neighbors call {name}?', deceased: 'What did the family or the neighbors call {name}?' },
      fr: { living: 'Comment appelle-t-on {name} dans la famille ou au village ?', deceased: 'Comment appelait-on {name} dans la famille ou au village ?' },
    },
    givenName: {
      es: '¿Qué sabes del nombre de {name}: quién lo eligió, quién lo lleva hoy?',
      en: 'What do you know about the name {name}: who chose it, who carries it today?',
      fr: 'Que savez-vous du prénom de {name} : qui l’a choisi, qui le porte aujourd’hui ?',
    },
  },
  keepsakes: {
    kept: {
      es: '¿Qué objetos, fotos o papeles de {name} se conservan?',
      en: 'What objects, photos or papers of {name}’s are still kept?',
      fr: 'Quels objets, photos ou papiers de {name} ont été conservés ?',
    },
    photo: {
      es: '¿Qué muestra la foto de {name} que mejor conoces?',
      en: 'What does the photo of {name} you know best show?',
      fr: 'Que montre la photo de {name} que vous connaissez le mieux ?',
    },
    whoKeeps: {
      es: '¿Quién guarda hoy las cosas de {name}, y dónde?',
      en: 'Who keeps {name}’s things today, and where?',
      fr: 'Qui garde aujourd’hui les affaires de {name}, et où ?',
    },
    papers: {
      es: '¿Qué dicen de {name} los papeles de la familia: cartas, actas, pasaportes?',
      en: 'What do the family’s papers say about {name}: letters, certificates, passports?',
      fr: 'Que disent de {name} les papiers de famille : lettres, actes, passeports ?',
    },
    handmade: {
      es: '¿Se conserva algo escrito o hecho por las manos de {name}?',
      en: 'Is anything written or made by {name}’s own hands still kept?',
      fr: 'Reste-t-il quelque chose d’écrit ou de fait de la main de {name} ?',
    },
  },
  roots: {
    familyFrom: {
      es: '¿De dónde venía la familia de {name}?',
      en: 'Where did {name}’s family come from?',
      fr: 'D’où venait la famille de {name} ?',
    },
    parents: {
      es: '¿Qué se sabe de los padres de {name}?',
      en: 'What is known about {name}’s parents?',
      fr: 'Que sait-on des parents de {name} ?',
    },
    birthplace: {
      es: '¿Dónde nació {name}, y cómo era ese lugar en su época?',
      en: 'Where was {name} born, and what was that place like then?',
      fr: 'Quel est le lieu de naissance de {name}, et comment était cet endroit à l’époque ?',
    },
    grewUpWith: {
      es: '¿Qué se cuenta de los hermanos y de la familia con la que creció {name}?',
      en: 'What is told about the siblings and the family {name} grew up with?',
      fr: 'Que raconte-t-on des frères et sœurs et de la famille avec qui a grandi {name} ?',
    },
    childhood: {
      es: '¿Qué se sabe de la infancia de {name}?',
      en: 'What is known about {name}’s childhood?',
      fr: 'Que sait-on de l’enfance de {name} ?',
    },
    era: {
      es: '¿Qué sabes de la época de {name}: cómo se vivía, qué se comía, cómo se viajaba?',
      en: 'What do you know of {name}’s times: how people lived, ate and traveled?',
      fr: 'Que savez-vous de l’époque de {name} : comment on vivait, mangeait, voyageait ?',
    },
  },
  character: {
    character: {
      es: { living: '¿Qué se dice del carácter de {name}?', deceased: '¿Qué se decía del carácter de {name}?' },
      en: { living: 'What is said about {name}’s character?', deceased: 'What was said about {name}’s character?' },
      fr: { living: 'Que dit-on du caractère de {name} ?', deceased: 'Que disait-on du caractère de {name} ?' },
    },
    looks: {
      es: { living: '¿Cómo dicen que es {name} físicamente?', deceased: '¿Cómo dicen que era {name} físicamente?' },
      en: { living: 'What do people say {name} looks like?', deceased: 'What do people say {name} looked like?' },
      fr: { living: 'À quoi ressemble {name}, d’après ce qu’on raconte ?', deceased: 'À quoi ressemblait {name}, d’après ce qu’on raconte ?' },
    },
    takesAfter: {
      es: '¿Quién de la familia dicen que se parece a {name}, en la cara o en el carácter?',
      en: 'Who in the family is said to take after {name}, in looks or in character?',
      fr: 'Qui, dans la famille, tiendrait de {name}, par le visage ou par le caractère ?',
    },
    saying: {
      es: '¿Qué frase o dicho de {name} ha llegado hasta hoy?',
      en: 'What saying or phrase of {name}’s has come down to today?',
      fr: 'Quelle phrase ou quel dicton de {name} est parvenu jusqu’à aujourd’hui ?',
    },
    tastes: {
      es: '¿Qué se cuenta de los gustos de {name}: la música, la comida, las fiestas?',
      en: 'What is told about {name}’s tastes: music, food, celebrations?',
      fr: 'Que raconte-t-on des goûts de {name} : la musique, la cuisine, les fêtes ?',
    },
    anecdote: {
      es: '¿Qué anécdota de {name} se repite en las reuniones familiares?',
      en: 'Which anecdote about {name} comes up again at family gatherings?',
      fr: 'Quelle anecdote sur {name} revient lors des réunions de famille ?',
    },
  },
  work: {
    trades: {
      es: { living: '¿Qué oficios ha tenido {name}?', deceased: '¿Qué oficios tuvo {name}?' },
      en: { living: 'What trades or jobs has {name} had?', deceased: 'What trades or jobs did {name} have?' },
      fr: 'Quels métiers a exercés {name} ?',
    },
    workplace: {
      es: { living: '¿Dónde y cómo trabaja o trabajó {name}, según lo que te han contado?', deceased: '¿Dónde y cómo trabajaba {name}, según lo que te han contado?' },
      en: { living: 'Where and how does or did {name} work, from what you have heard?', deceased: 'Where and how did {name} work, from what you have heard?' },
      fr: {
        living: 'Où et comment travaille ou travaillait {name}, d’après ce qu’on vous a raconté ?',
        deceased: 'Où et comment travaillait {name}, d’après ce qu’on vous a raconté ?',
      },
    },
    knowHow: {
      es: '¿Qué sabía hacer {name} que todavía se recuerda?',
      en: 'What could {name} do that is still remembered?',
      fr: 'Quel savoir-faire de {name} est resté dans les mémoires ?',
    },
    livelihood: {
      es: '¿Cómo se ganaba la vida la familia de {name}?',
      en: 'How did {name}’s family make a living?',
      fr: 'Comment la famille de {name} gagnait-elle sa vie ?',
    },
    passedOn: {
      es: '¿Qué herramienta, libro o manera de trabajar de {name} pasó a otras manos?',
      en: 'Which of {name}’s tools, books or ways of working passed on to other hands?',
      fr: 'Quel outil, quel livre ou quelle façon de travailler de {name} a été transmis ?',
    },
  },
  places: {
    route: {
      es: '¿Por qué pueblos, ciudades o países pasó la vida de {name}?',
      en: 'Which villages, towns or countries did {name}’s life pass through?',
      fr: 'Par quels villages, villes ou pays est passée la vie de {name} ?',
    },
    migrations: {
      es: '¿Qué se cuenta de los viajes o las migraciones de {name}?',
      en: 'What is told about {name}’s journeys or migrations?',
      fr: 'Que raconte-t-on des voyages ou des migrations de {name} ?',
    },
    stayOrLeave: {
      es: '¿Qué llevó a {name} a quedarse en su tierra o a dejarla?',
      en: 'What led {name} to stay in their homeland, or to leave it?',
      fr: 'Qu’est-ce qui a poussé {name} à rester au pays ou à le quitter ?',
    },
    house: {
      es: '¿Qué se sabe de la casa donde vivió {name}, y sigue en pie?',
      en: 'What is known about the house where {name} lived, and does it still stand?',
      fr: 'Que sait-on de la maison où a vécu {name}, et existe-t-elle encore ?',
    },
    visited: {
      es: '¿Has visitado algún lugar de la vida de {name}, o te gustaría hacerlo?',
      en: 'Have you visited a place from {name}’s life, or would you like to?',
      fr: 'Avez-vous visité un lieu de la vie de {name}, ou aimeriez-vous le faire ?',
    },
  },
  love: {
    howMet: {
      es: '¿Cómo se cuenta que se conocieron {name} y su pareja?',
      en: 'How does the family tell the story of {name} and their partner meeting?',
      fr: 'Comment raconte-t-on la rencontre de {name} avec l’être aimé ?',
    },
    wedding: {
      es: '¿Qué se sabe de la boda o de la unión de {name}?',
      en: 'What is known about {name}’s wedding or union?',
      fr: 'Que sait-on du mariage ou de l’union de {name} ?',
    },
    partner: {
      es: '¿Qué cuenta la familia de la persona que compartió la vida de {name}?',
      en: 'What does the family tell about the person who shared {name}’s life?',
      fr: 'Que raconte la famille sur la personne qui a partagé la vie de {name} ?',
    },
    raising: {
      es: '¿Cómo dicen que {name} criaba a los suyos?',
      en: 'How is {name} said to have raised their family?',
      fr: 'Comment raconte-t-on la façon dont {name} élevait les siens ?',
    },
    dailyLife: {
      es: '¿Cómo era la vida diaria en la casa de {name}, según se cuenta?',
      en: 'What was daily life like in {name}’s home, as it is told?',
      fr: 'Comment se passait la vie de tous les jours chez {name}, d’après ce qu’on raconte ?',
    },
  },
  hardTimes: {
    hardship: {
      es: '¿Qué momentos difíciles se cuenta que vivió {name}?',
      en: 'What hard times is {name} said to have lived through?',
      fr: 'Quelles épreuves a traversées {name}, d’après la famille ?',
    },
    history: {
      es: '¿Qué guerra, crisis o acontecimiento de su época marcó la vida de {name}?',
      en: 'What war, crisis or event of the time marked {name}’s life?',
      fr: 'Quelle guerre, quelle crise ou quel événement de son époque a marqué la vie de {name} ?',
    },
    loss: {
      es: '¿Qué pérdida se recuerda en la vida de {name}?',
      en: 'What loss is remembered in {name}’s life?',
      fr: 'Quelle perte a compté dans la vie de {name}, d’après ce qu’on sait ?',
    },
    strength: {
      es: '¿De dónde dicen que sacaba fuerzas {name}?',
      en: 'Where is {name} said to have found strength?',
      fr: 'D’où venait la force de {name}, d’après la famille ?',
    },
    unspoken: {
      es: '¿Hay algo de la vida de {name} de lo que la familia prefería no hablar?',
      en: 'Is there something in {name}’s life the family preferred not to talk about?',
      fr: 'Y a-t-il dans la vie de {name} quelque chose dont la famille préférait ne pas parler ?',
    },
    // While they live, how they are now; once they have died, their last years.
    lastYears: {
      es: { living: '¿Qué se sabe de cómo vive {name} hoy?', deceased: '¿Qué se sabe de los últimos años de {name}?' },
      en: { living: 'What is known about how {name} lives today?', deceased: 'What is known about {name}’s last years?' },
      fr: { living: 'Que sait-on de la vie de {name} aujourd’hui ?', deceased: 'Que sait-on des dernières années de {name} ?' },
    },
  },
  legacy: {
    stillDone: {
      es: '¿Qué hace todavía la familia gracias a {name}?',
      en: 'What does the family still do because of {name}?',
      fr: 'Que fait encore la famille grâce à {name} ?',
    },
    aliveToday: {
      es: '¿Qué receta, canción o costumbre de {name} sigue viva en la familia?',
      en: 'What recipe, song or custom of {name}’s lives on in the family?',
      fr: 'Quelle recette, quelle chanson ou quelle coutume de {name} vit encore dans la famille ?',
    },
    values: {
      es: '¿Qué valores de {name} se han transmitido de generación en generación?',
      en: 'Which of {name}’s values have been passed down the generations?',
      fr: 'Quelles valeurs de {name} se sont transmises de génération en génération ?',
    },
    inYou: {
      es: '¿Qué te han dicho que tienes de {name}?',
      en: 'What have you been told you have of {name}?',
      fr: 'Que vous a-t-on dit tenir de {name} ?',
    },
    askThem: {
      es: '¿Qué te gustaría preguntarle a {name} si pudieras?',
      en: 'What would you like to ask {name} if you could?',
      fr: 'Que voudriez-vous demander à {name} si vous le pouviez ?',
    },
    knownFor: {
      es: '¿Qué te gustaría que las próximas generaciones supieran de {name}?',
      en: 'What would you like future generations to know about {name}?',
      fr: 'Que voudriez-vous que les générations futures sachent de {name} ?',
    },
  },
}

// Only questions whose answer is the fact itself («¿Cómo llamaban a…?» → «la Nena»).
const asksById: Record<string, readonly FactKind[]> = {
  'ancestor.told.calledBy': ['nickname'],
  'ancestor.roots.parents': ['parent'],
  'ancestor.roots.birthplace': ['birthPlace'],
  'ancestor.work.trades': ['occupation'],
  'ancestor.love.wedding': ['marriageDate', 'marriagePlace'],
  'ancestor.love.partner': ['spouse'],
}

/** In theme order, and within a theme in the order Ana asks them (lighter → deeper). */
export const anaAncestorQuestions: readonly BankQuestion<AnaAncestorTheme>[] = anaAncestorThemes.flatMap((theme) =>
  Object.entries(bank[theme]).map(([key, text]) => {
    const id = `ancestor.${theme}.${key}`
    return { id, theme, text, ...(asksById[id] ? { asks: asksById[id] } : {}) }
  }),
)
