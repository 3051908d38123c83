import Contacts
